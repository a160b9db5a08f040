import type { FieldValues, Resolver } from 'react-hook-form';
import type { memberResolvers } from './member-resolvers.ts';

type Resolvers = typeof memberResolvers;

let loaded: Promise<Resolvers> | null = null;

/** Starts loading the member forms' validation (call on focus, so it is there by the first submit). */
export function preloadMemberResolvers(): Promise<Resolvers> {
  loaded ??= import('./member-resolvers.ts').then((m) => m.memberResolvers);
  return loaded;
}

/** Radio buttons hold strings; the schemas want the gender as the number of spec §3. */
export function genderAsNumber<T extends { gender?: unknown }>(values: T): T {
  const g = Number(values.gender);
  return { ...values, gender: g === 1 || g === 2 ? g : undefined };
}

/**
 * The domain schema of `name` through zodResolver (after `prepare`), fetched the first time the form validates. When
 * the chunk cannot load (offline), the form goes to the server, whose identical rules answer.
 */
export function lazyResolver<T extends FieldValues>(name: keyof Resolvers, prepare?: (values: T) => T): Resolver<T> {
  return async (values, context, options) => {
    try {
      const resolvers = await preloadMemberResolvers();
      return (resolvers[name] as unknown as Resolver<T>)(prepare ? prepare(values) : values, context, options);
    } catch {
      loaded = null;
      return { values, errors: {} };
    }
  };
}
