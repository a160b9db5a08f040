// The back office's API as the stories' factories use it: signed in as a shop owner, it creates the
// products, news and members' settings a story starts from (docs/decisions/042), the way the owner
// would in /admin, without the clicks.
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { deflateSync, crc32 } from 'node:zlib';

/** The demo back-office owner (README "Demo accounts"): the one account the seed must provide. */
export const DEMO_OWNER = { account: 'admin', password: 'Admin1234' } as const;

/** A name no other story (or earlier run against the same shop) uses: `label` and a random suffix. */
export function unique(label: string): string {
  return `${label} ${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * A sort key that puts what is made now before everything made earlier (the shop lists by index_id,
 * lowest first), so a story's record is on the first page however many earlier runs left theirs.
 */
export function newestFirst(): number {
  return -(Math.floor(Date.now() / 1000) % 1_000_000);
}

interface ApiAnswer<T> {
  code: number;
  data: T;
  msg?: string;
}

/** The `data` of a shop API answer, after checking the call succeeded (its message when not). */
export async function answered<T>(res: APIResponse, what: string): Promise<T> {
  const text = await res.text();
  expect(res.ok(), `${what}: ${res.status()} ${text.slice(0, 300)}`).toBe(true);
  return (JSON.parse(text) as ApiAnswer<T>).data;
}

/** A solid-colour PNG made on the spot (a stand-in for a phone photo), for upload fields. */
export function pngPicture(name: string, rgb: [number, number, number] = [46, 139, 87], width = 64, height = 48) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A back-office session on the API: the owner's bearer token on one request context. */
export class BackOfficeApi {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  /** Signs in on POST /api/v1/admin/auth (the demo owner unless told otherwise). */
  static async signIn(
    request: APIRequestContext,
    account: string = DEMO_OWNER.account,
    password: string = DEMO_OWNER.password,
  ): Promise<BackOfficeApi> {
    const auth = await answered<{ token: { access_token: string } }>(
      await request.post('/api/v1/admin/auth', { data: { account, password } }),
      `back-office sign-in as ${account}`,
    );
    return new BackOfficeApi(request, auth.token.access_token);
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(`/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      data,
    });
    return answered<T>(res, `${method} ${path}`);
  }

  /** Uploads a picture (POST /admin/uploads) and answers its upload key for a record's fields. */
  async upload(picture = pngPicture('picture.png', [46, 139, 87], 640, 640)): Promise<string> {
    const res = await this.request.post('/api/v1/admin/uploads', {
      headers: { authorization: `Bearer ${this.token}` },
      multipart: { file: picture },
    });
    return (await answered<{ name: string }>(res, 'upload')).name;
  }

  /** Today in Taipei (yyyy-MM-dd), as the back office's date fields take it. */
  static today(): string {
    return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  }

  /** Ships an order (its 出貨 card) at the version it has now, dated today. */
  async shipOrder(orderId: number, shipment = { company: '黑貓宅急便', trackingNumber: '905512348876' }) {
    const { version } = await this.call<{ version: number }>('GET', `/admin/orders/${orderId}`);
    await this.call('POST', `/admin/orders/${orderId}/shipment`, {
      version,
      freight_company: shipment.company,
      tracking_number: shipment.trackingNumber,
      ship_date: BackOfficeApi.today(),
    });
  }
}
