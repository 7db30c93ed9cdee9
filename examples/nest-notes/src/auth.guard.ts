import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';

interface SignedRequest {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  user?: string;
}

/** The example's bearer tokens and whose each is. A real app verifies a signed token or looks up a session. */
const holders = new Map([
  ['alice-token', 'alice'],
  ['bob-token', 'bob'],
]);

/** Gate 1, as Nest's guards recipe writes it: who is calling? The caller's name is left on the request. */
@Injectable()
export class AuthGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<SignedRequest>();
    const [scheme, token] = String(request.headers.authorization ?? '').split(' ');
    const user = scheme === 'Bearer' && token !== undefined ? holders.get(token) : undefined;
    if (user === undefined) throw new UnauthorizedException('sign in first');
    request.user = user;
    return true;
  }
}

/** The caller the guard let in, as a parameter: Nest's custom decorators recipe. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const user = context.switchToHttp().getRequest<SignedRequest>().user;
  if (user === undefined) throw new UnauthorizedException('sign in first');
  return user;
});
