import type { Certification } from '@portal/contracts/customer-info';
import type { Db } from '../../db/database.ts';

/**
 * THE ONE PLACE a certification decision tells the customer. The notification module (`messages`
 * helper, modules/notification/ and its single writer `notify(...)`) was not merged when this was
 * written: once it is, this function calls `notify(db, { customerId, type: certification decided,
 * title/body keys for verified or rejected (with `certification.rejectReason`), link: the user centre's
 * certification tab })`. Until then a decision is only visible in the certification panel.
 */
export async function notifyCertificationDecided(
  _db: Db,
  _customerId: string,
  _certification: Certification,
): Promise<void> {}
