import { builder } from './builder';
// Each module registers its types, queries, mutations and subscriptions on the builder.
import './types/user';
import './types/auth';
import './types/case';
import './types/people';
import './types/payment';
import './types/realtime';
import './types/report';
import './types/messages';
import './types/access-tokens';
import './types/operations';
import './types/push';
import './types/notifications';

export const schema = builder.toSchema({ sortSchema: true });
