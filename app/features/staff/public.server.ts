// What routes and other features may use of the staff feature on the server (docs/rules/back-office.md).
export { auditOrigin, backOfficeGuard, requireStaff, staffContext } from './staff-access.server';
export {
  createStaffAccount,
  deactivateStaffAccount,
  generateStaffPassword,
  listStaffAccounts,
  staffNames,
  type CreateStaffOutcome,
  type DeactivateOutcome,
  type NewStaffInput,
  type StaffEnrolment,
  type StaffListEntry,
} from './staff-accounts.server';
export {
  completeEnrolment,
  inviteStaffMember,
  openEnrolment,
  reenrolStaffMember,
  type EnrolOutcome,
  type OpenEnrolment,
} from './staff-enrolment.server';
export { confirmStaffAccount, mayConfirm, type ConfirmOutcome } from './staff-confirmation.server';
export type { StaffContext } from './staff-context';
export { staffLogOut, staffPasswordStep, staffSecondFactorStep } from './staff-login.server';
export {
  clearedStaffSessionCookie,
  readSecondFactorSession,
  readStaffSession,
  staffCookieName,
  staffSessionCookie,
  type StaffMember,
} from './staff-sessions.server';
export { AdminInputError, createAdmin, enrolmentText, type CreateAdminInput } from './first-admin.server';
