import type { JobHandler, JobType } from "./job-type";

/** Recurring work: a job of `type` every `everySeconds`, one at a time, in whichever worker process is free. */
export interface JobSchedule<Payload> {
  /** Names the schedule's row in job_schedules and keys its jobs (`schedule:<name>`). */
  name: string;
  type: JobType<Payload>;
  payload: Payload;
  everySeconds: number;
}

export interface RegisteredJobType {
  type: JobType<unknown>;
  handler: JobHandler<unknown>;
}

/** The job types this process can run, each registered by the module that owns the work. */
export function createJobRegistry() {
  const registered = new Map<string, RegisteredJobType>();
  const schedules: JobSchedule<unknown>[] = [];
  return {
    register<Payload>(type: JobType<Payload>, handler: JobHandler<Payload>): void {
      if (registered.has(type.name)) throw new Error(`The job type ${type.name} is registered twice.`);
      registered.set(type.name, { type: type as JobType<unknown>, handler: handler as JobHandler<unknown> });
    },
    schedule<Payload>(schedule: JobSchedule<Payload>): void {
      if (!registered.has(schedule.type.name)) throw new Error(`The schedule ${schedule.name} runs ${schedule.type.name}, which is not registered.`);
      schedules.push(schedule as JobSchedule<unknown>);
    },
    find: (typeName: string): RegisteredJobType | undefined => registered.get(typeName),
    list: (): RegisteredJobType[] => [...registered.values()],
    schedules: (): JobSchedule<unknown>[] => [...schedules],
  };
}

export type JobRegistry = ReturnType<typeof createJobRegistry>;
