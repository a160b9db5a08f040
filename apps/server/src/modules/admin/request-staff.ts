import type { FastifyReply, FastifyRequest } from 'fastify';
import { Unauthorized } from '../../errors.ts';

/** The signed-in staff member of a staff/owner route (set by plugins/access.ts). */
export function currentStaff(req: FastifyRequest): { id: number; role: 'owner' | 'staff'; sessionId: string } {
  if (!req.staff) throw new Unauthorized();
  return req.staff;
}

/** Back-office answers may hold personal data and change often: never stored by a browser or proxy. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store');
}

/** `{code:200,data}` with the full count in X-Total-Count, like the public paged lists. */
export function sendPage(reply: FastifyReply, page: { items: unknown[]; total: number }) {
  noStore(reply).header('X-Total-Count', String(page.total));
  return { code: 200, data: page.items };
}
