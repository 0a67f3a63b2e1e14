import type { User } from '../../generated/prisma/client';

// The user object of the REST door (SPEC §3 User, never the password hash).

export function profilePhotoUrl(user: Pick<User, 'id' | 'profilePhotoKey' | 'updatedAt'>): string | null {
  return user.profilePhotoKey ? `/api/users/${user.id}/photo?v=${user.updatedAt.getTime()}` : null;
}

export function toUserView(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    role: user.role,
    specialty: user.specialty,
    clinicName: user.clinicName,
    clinicAddress: user.clinicAddress,
    profilePhotoUrl: profilePhotoUrl(user),
    timezone: user.timezone,
    approved: user.approved,
    stripeCustomerId: user.stripeCustomerId,
    stripeCustomerSynced: user.stripeCustomerSynced,
    onboardingCompleted: user.onboardingCompleted,
    createdAt: user.createdAt.toISOString(),
  };
}
export type UserView = ReturnType<typeof toUserView>;
