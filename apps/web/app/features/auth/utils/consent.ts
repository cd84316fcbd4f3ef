/** The two boxes a player ticks before an account is made for them (spec §6: ticked by default). */
export interface Consent {
  agreement: boolean;
  age: boolean;
}
export const CONSENT_GIVEN: Consent = { agreement: true, age: true };
export const consentGiven = (c: Consent) => c.agreement && c.age;
