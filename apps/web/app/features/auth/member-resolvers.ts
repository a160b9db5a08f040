// Loaded on demand by the member forms (lazy-resolver.ts): Zod and the resolvers are needed only
// once a shopper starts typing, so they stay out of the pages' first load.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountSchema,
  loginSchema,
  memberUpdateSchema,
  passwordChangeFormSchema,
  resetPasswordFormSchema,
  signupFormSchema,
} from '@shop/domain';

export const memberResolvers = {
  login: zodResolver(loginSchema),
  mobile: zodResolver(accountSchema),
  signup: zodResolver(signupFormSchema),
  reset: zodResolver(resetPasswordFormSchema),
  profile: zodResolver(memberUpdateSchema),
  password: zodResolver(passwordChangeFormSchema),
};
