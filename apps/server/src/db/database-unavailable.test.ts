import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['statement_timeout ran out (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['lock_timeout ran out (55P03)', withCode('55P03', 'canceling statement due to lock timeout')],
    ['backend terminated (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['server crashed (57P02)', withCode('57P02')],
    ['server starting (57P03)', withCode('57P03', 'the database system is starting up')],
    ['too many connections (53300)', withCode('53300')],
    ['connection failure (08006)', withCode('08006')],
    ['protocol violation (08P01)', withCode('08P01')],
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET', 'read ECONNRESET')],
    ['DNS lookup failed for now', withCode('EAI_AGAIN')],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['connect timed out', new Error('Connection terminated due to connection timeout')],
    ['no pool connection free in time', new Error('timeout exceeded when trying to connect')],
    ['client already broken', new Error('Client has encountered a connection error and is not queryable')],
    ['pool ended at shutdown', new Error('Cannot use a pool after calling end on the pool')],
    ['connection gone silent (query_timeout)', new Error('Query read timeout')],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], withCode('57P01') as Error)],
    [
      'every address refused (AggregateError)',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
    ],
  ])('%s: unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['check violation wrapped by Drizzle', new DrizzleQueryError('insert', [], withCode('23514') as Error)],
    ['syntax error (42601)', withCode('42601')],
    ['deadlock (40P01): a lock order to fix, not an outage', withCode('40P01')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a Fastify client error', Object.assign(new Error('Body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' })],
    ['not an error at all', 'Connection terminated'],
    ['nothing', undefined],
  ])('%s: not unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on an error that is its own cause', () => {
    const loop = new Error('loop') as Error & { cause?: unknown };
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
