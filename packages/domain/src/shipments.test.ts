import { describe, expect, it } from 'vitest';
import { ORDER_MOVES } from './order-lifecycle.ts';
import {
  LOGISTICS_STATUS_EVENTS,
  logisticsNameWidth,
  logisticsStatusEvent,
  receiverAddressProblem,
  receiverNameProblem,
  shipmentMsg,
} from './shipments.ts';

describe('receiverNameProblem (ReceiverName: Chinese 2–5, letters 4–10)', () => {
  it.each([
    ['王小明', null],
    ['王明', null],
    ['歐陽小明明', null],
    ['王', shipmentMsg.receiverName],
    ['歐陽小明明明', shipmentMsg.receiverName],
    ['Anna', null],
    ['Ann', shipmentMsg.receiverName],
    ['Christopher', shipmentMsg.receiverName],
    ['王小明2', shipmentMsg.receiverName],
    ['王.小明', shipmentMsg.receiverName],
  ])('%s', (name, problem) => {
    expect(receiverNameProblem(name)).toBe(problem);
  });

  it('counts a CJK character two wide and a Latin letter one', () => {
    expect(logisticsNameWidth('王a')).toBe(3);
  });
});

describe('receiverAddressProblem (ReceiverAddress: 6–60 characters)', () => {
  it.each([
    ['台北市信義區', null],
    ['台北市信義', shipmentMsg.receiverAddress],
    ['台'.repeat(60), null],
    ['台'.repeat(61), shipmentMsg.receiverAddress],
  ])('%s', (address, problem) => {
    expect(receiverAddressProblem(address)).toBe(problem);
  });
});

describe('logistics status codes', () => {
  it.each([
    [2073, 'arrive'],
    [2067, 'pick_up'],
    [3022, 'pick_up'],
    [2074, 'unclaim'],
    [3003, 'deliver'],
    [3024, 'transit'],
    [300, null],
    [9999, null],
  ])('%i → %s', (code, event) => {
    expect(logisticsStatusEvent(code)).toBe(event);
  });

  it('names only events the lifecycle lets the provider cause', () => {
    for (const event of new Set(Object.values(LOGISTICS_STATUS_EVENTS))) {
      expect(ORDER_MOVES.some((m) => m.event === event && m.by.includes('provider'))).toBe(true);
    }
  });
});
