// The fields many back-office replies share (issue 44): their numbers, their lock counter, and the
// switch and place of a record the owner orders.
import { z } from 'zod';
import { recordStatusSchema } from './entities.ts';

/** A whole number as the back-office API answers it. */
export const recordInt = z.number().int();
/** The optimistic-lock counter every editable record answers (the form sends it back). */
export const recordVersion = z.number().int();

/** The switch and the place every record the owner orders answers (spec §9: by index_id). */
export const orderedRecordFields = { status: recordStatusSchema, index_id: recordInt };
