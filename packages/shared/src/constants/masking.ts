// What a member is told when a public text carries contact details (docs/product.md#contact-detail-masking).
export const MASKING_MESSAGES = {
  publicText:
    'Contact details cannot be published here. Remove the phone number, e-mail address or social handle: members reach each other through Lokal’s chat.',
} as const;
/** The error code of a text refused for carrying contact details. */
export const CONTACT_DETAILS_CODE = 'contact-details';
