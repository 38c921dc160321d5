// oidc-provider ships no types; the OIDC tests use a small part of it through `any`.
declare module 'oidc-provider' {
  const Provider: any;
  export default Provider;
}
