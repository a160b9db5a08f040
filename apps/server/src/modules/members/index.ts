// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { signAccessToken, verifyAccessToken } from './access-token.ts';
export { countMembersJoined, findMemberContact, findMemberEmail, findMemberName } from './member.repository.ts';
export { memberBonusJson } from './member-json.ts';
export { ARGON2_OPTIONS } from './password.ts';
export { createSmsSender } from './sms/create-sms-sender.ts';
export { SmsSendError, type SmsSender } from './sms/sms-sender.ts';
export { hasPassword as memberHasPassword } from './member.repository.ts';
export { signInVouchedMember, type LoginResult } from './member-session.service.ts';
