// Loaded on demand by contact-form.tsx: Zod and the resolver are the heaviest script of the home
// page and are needed only once the shopper starts filling in the form.
import { zodResolver } from '@hookform/resolvers/zod';
import { contactUsSchema } from '@shop/domain';

export const contactResolver = zodResolver(contactUsSchema);
