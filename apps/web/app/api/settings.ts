// Site settings the browser asks for itself: the file-server info fetched after login (spec §4).
import { apiGet, type ApiFetch } from './client.ts';
import type { FileServerInfo } from './types.ts';

export const getFileServerInfo = (api: ApiFetch) => apiGet<FileServerInfo>(api, '/file-server-info/1');
