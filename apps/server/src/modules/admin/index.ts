// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { recordAudit } from './audit.ts';
export {
  type Actor,
  type EditableTable,
  containsPattern,
  deleteRecord,
  findRecord,
  insertRecord,
  listRecords,
  snakeRow,
  updateRecord,
} from './editable-records.ts';
export { type RecordService, registerRecordRoutes } from './record-routes.ts';
export { currentStaff, noStore, sendPage } from './request-staff.ts';
export { simpleRecordService } from './simple-record-service.ts';
export { assertVersion, lockRow, updateVersioned } from './versioned-row.ts';
