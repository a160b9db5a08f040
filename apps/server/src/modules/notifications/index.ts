// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { createMailSender, type MailSender, type OutgoingMail } from './mail-sender.ts';
export { memberChannels, type MemberMessageDeps, sendMemberMessage } from './member-message.ts';
export { listMemberMessages } from './member-messages.repository.ts';
export { notificationJobHandlers } from './notify-order-job.ts';
export { notificationRoutes } from './routes.ts';
