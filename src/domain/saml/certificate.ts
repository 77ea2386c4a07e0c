import { badRequest } from "../../lib/errors";

const BEGIN = "-----BEGIN CERTIFICATE-----";
const END = "-----END CERTIFICATE-----";

const invalidCertificate = (why: string) => badRequest(`Invalid body field 'certificate': ${why}`);

/**
 * Checks that `pem` is one PEM-encoded X.509 certificate (the identity provider's signing
 * certificate) and returns it trimmed, as stored. A certificate that does not parse would make
 * every sign-in fail later, far from the mistake, so it is refused here.
 */
export async function parseCertificatePem(pem: string): Promise<string> {
  const trimmed = pem.trim();
  // Plain string checks rather than one regex: no backtracking on a 10,000-character input.
  const body = trimmed.slice(BEGIN.length, trimmed.length - END.length);
  if (!trimmed.startsWith(BEGIN) || !trimmed.endsWith(END) || body.includes("-----")) {
    throw invalidCertificate(`must be one PEM certificate, from '${BEGIN}' to '${END}'`);
  }
  let der: Uint8Array;
  try {
    der = Uint8Array.from(atob(body.replace(/\s+/g, "")), (char) => char.charCodeAt(0));
  } catch {
    throw invalidCertificate("the text between the PEM lines is not base64");
  }
  // The ASN.1 parser (about 230 KiB of the bundle) is loaded only by the routes that take a
  // certificate, not evaluated when the Worker starts.
  const [{ AsnConvert }, { Certificate }] = await Promise.all([import("@peculiar/asn1-schema"), import("@peculiar/asn1-x509")]);
  try {
    AsnConvert.parse(der, Certificate);
  } catch (error) {
    throw invalidCertificate(`not an X.509 certificate (${error instanceof Error ? error.message : "unreadable DER"})`);
  }
  return trimmed;
}
