import { describe, expect, it } from 'vitest';
import { navFor } from './admin-nav.ts';

describe('navFor', () => {
  it('shows staff no settings, staff accounts or audit log', () => {
    const staff = navFor('staff').flatMap((g) => g.items.map((i) => i.to));
    expect(staff).toContain('/admin/orders');
    expect(staff).not.toContain('/admin/settings');
    expect(staff).not.toContain('/admin/staff');
    expect(navFor('staff').map((g) => g.label)).not.toContain('設定');
  });

  it('shows the owner everything', () => {
    const owner = navFor('owner').flatMap((g) => g.items.map((i) => i.to));
    expect(owner).toEqual(expect.arrayContaining(['/admin/settings', '/admin/staff', '/admin/audit-log']));
  });
});
