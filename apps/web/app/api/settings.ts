// Site settings area: system settings, follow-us links, special-area ads, file-server info.
import { apiGet, type ApiFetch } from './client.ts';
import type { FileServerInfo, FollowUs, SpecialArea, SystemSettings } from './types.ts';

export const getSystemSettings = (api: ApiFetch) => apiGet<SystemSettings>(api, '/system-setting/1');
export const getFollowUs = (api: ApiFetch) => apiGet<FollowUs>(api, '/follow-us/1');
/** Server keeps only active ads, sorted by index_id (spec §7). */
export const getSpecialAreas = (api: ApiFetch) => apiGet<SpecialArea[]>(api, '/special-area');
export const getFileServerInfo = (api: ApiFetch) => apiGet<FileServerInfo>(api, '/file-server-info/1');
