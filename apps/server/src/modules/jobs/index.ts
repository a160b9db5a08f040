// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export * as jobsRepository from './jobs.repository.ts';
export { enqueueJob, type JobRequest } from './outbox.ts';
export {
  createJobRunner,
  describeJobError,
  type JobContext,
  type JobHandler,
  type JobRunner,
  type ProviderJobDeps,
} from './job-runner.ts';
