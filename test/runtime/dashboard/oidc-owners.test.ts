// With an OpenID Connect provider, owners are the people it puts in the owners group (here its `roles` claim says `staff`).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, SESSION_ENV, startAuthRuntime, type AuthRuntime } from '../../helpers/auth-runtime.js';
import { expectMissing } from '../../helpers/dashboard.js';
import { IDP_CLIENT, oidcSiteConfig, signInUpstream, startOidcIdp, type OidcIdp } from '../../helpers/oidc-idp.js';

let idp: OidcIdp;
let runtime: AuthRuntime;

beforeAll(async () => {
  idp = await startOidcIdp();
  runtime = await startAuthRuntime(oidcSiteConfig(idp.issuer), { OIDC_SECRET: IDP_CLIENT.secret, ...SESSION_ENV }, undefined, {
    app: { dashboard: { ownersGroup: 'staff' } },
  });
  idp.serve(runtime.url);
});
afterAll(async () => {
  await runtime?.close();
  await idp?.close();
});

it('admits a person the provider puts in the owners group, and answers one outside it as a missing page', async () => {
  const carol = new Browser(runtime.url);
  const back = await signInUpstream(carol, runtime.url, 'carol', '/_docsite/admin');
  expect(new URL(back.headers.get('location') ?? '', runtime.url).pathname).toBe('/_docsite/admin');
  const home = await carol.get('/_docsite/admin');
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('Signed in as <strong>carol');

  const dave = new Browser(runtime.url);
  await signInUpstream(dave, runtime.url, 'dave', '/');
  await expectMissing(dave, '/_docsite/admin');
  await expectMissing(dave, '/_docsite/admin/keys');
});
