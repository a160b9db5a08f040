// Contact area: the home / contact page form (spec §5 rules are checked again by the server).
import { apiSend, type ApiFetch } from './client.ts';
import type { ContactMessage } from './types.ts';

export const sendContactMessage = (api: ApiFetch, message: ContactMessage) =>
  apiSend<unknown>(api, 'POST', '/contact-us', message);
