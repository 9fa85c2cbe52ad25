// Before a booking exists, contact details typed into chat are masked to keep deals on the platform.
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
// Seven or more digits, allowing the separators people type inside phone numbers.
const PHONE = /\+?\d(?:[\s().-]*\d){6,}/g;

export function maskContactDetails(text: string): string {
  return text.replace(EMAIL, '[email hidden]').replace(PHONE, '[phone hidden]');
}
