import type { Member } from '@callwise/shared/schemas/team';
import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  invitableRoles,
  mayInvite,
  mayManageBookings,
  mayRemove,
  mayTransferOwnership,
  memberName,
} from './permissions';

const member = (role: Member['role'], is_you = false): Member => ({
  id: '5f0c7a9e-1b2c-4d3e-8f40-123456789abc',
  email: 'sam@example.com',
  name: 'Sam Lee',
  role,
  is_you,
  two_factor: false,
  bookable: false,
  last_sign_in_at: null,
  joined_at: '2026-01-05T10:00:00.000Z',
});

describe('what a caller may do to a member', () => {
  it('an owner changes anyone else’s role, owner included, and hands ownership to a non-owner', () => {
    expect(assignableRoles('owner', member('staff'))).toEqual(['owner', 'admin', 'staff']);
    expect(assignableRoles('owner', member('owner'))).toEqual(['owner', 'admin', 'staff']);
    expect(mayRemove('owner', member('owner'))).toBe(true);
    expect(mayTransferOwnership('owner', member('admin'))).toBe(true);
    expect(mayTransferOwnership('owner', member('owner'))).toBe(false);
  });

  it('an admin manages admins and staff, never an owner, and never gives the owner role', () => {
    expect(assignableRoles('admin', member('staff'))).toEqual(['admin', 'staff']);
    expect(assignableRoles('admin', member('owner'))).toBeNull();
    expect(mayRemove('admin', member('admin'))).toBe(true);
    expect(mayRemove('admin', member('owner'))).toBe(false);
    expect(mayTransferOwnership('admin', member('staff'))).toBe(false);
  });

  it('staff only see the team; nobody changes or removes themselves here (they leave instead)', () => {
    expect(assignableRoles('staff', member('staff'))).toBeNull();
    expect(mayRemove('staff', member('staff'))).toBe(false);
    for (const role of ['owner', 'admin', 'staff'] as const) {
      expect(assignableRoles(role, member(role, true))).toBeNull();
      expect(mayRemove(role, member(role, true))).toBe(false);
    }
  });

  it('only an owner invites an owner; staff invite nobody', () => {
    expect(invitableRoles('owner')).toEqual(['owner', 'admin', 'staff']);
    expect(invitableRoles('admin')).toEqual(['admin', 'staff']);
    expect(invitableRoles('staff')).toEqual([]);
    expect(mayInvite('staff')).toBe(false);
    expect(mayInvite('admin')).toBe(true);
    expect(mayManageBookings('admin')).toBe(true);
    expect(mayManageBookings('staff')).toBe(false);
  });

  it('names a member by name, else by e-mail address', () => {
    expect(memberName({ name: 'Sam Lee', email: 'sam@example.com' })).toBe('Sam Lee');
    expect(memberName({ name: ' ', email: 'sam@example.com' })).toBe('sam@example.com');
  });
});
