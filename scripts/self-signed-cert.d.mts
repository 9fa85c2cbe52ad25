export function makeSelfSignedCert(): { certFile: string; keyFile: string };
