import { describe, expect, it } from 'vitest';
import { safeNext } from './admin-api.server.ts';

describe('safeNext', () => {
  it.each([
    ['/admin/orders?status=1', '/admin/orders?status=1'],
    ['/admin', '/admin'],
    [null, '/admin'],
    ['', '/admin'],
    ['/cart', '/admin'],
    ['/administrator', '/admin'],
    ['/admin/login', '/admin'],
    ['/ADMIN/LOGIN?next=/admin', '/admin'],
    ['//example.com/admin', '/admin'],
    ['/admin/..//example.com', '/admin'],
    ['/\t/example.com/admin', '/admin'],
    ['/admin\n/orders', '/admin'],
    ['/admin\\..\\\\example.com', '/admin'],
    ['https://example.com/admin', '/admin'],
  ])('%j → %s', (next, path) => {
    expect(safeNext(next)).toBe(path);
  });
});
