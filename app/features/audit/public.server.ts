// What other features may use of the audit log on the server (docs/rules/back-office.md#audit-log).
export {
  appendAuditEntry,
  auditCsv,
  auditEntriesForExport,
  auditIpHash,
  searchAuditLog,
  type AuditEntry,
  type AuditFilter,
  deleteExpiredAuditEntries,
  recordAudit,
  type AuditEntryInput,
  type AuditOrigin,
  type AuditWriter,
} from './audit-log.server';
export { auditLogPage, exportAuditLog, parseAuditQuery, type AuditQuery } from './audit-query.server';
