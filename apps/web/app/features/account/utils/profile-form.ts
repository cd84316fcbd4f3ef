import { checkProfileField, type ProfileError, type ProfileField } from '@store/shared/account';
import type { ProfileBody } from '@store/shared/api/account';
import type { MeData } from '#app/lib/use-me.ts';

/** The settings form as typed: every field a string, an empty one meaning "not given". */
export type ProfileForm = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, ProfileError>>;

export function formFromMe(me: Pick<MeData, 'nickname' | 'personal'>): ProfileForm {
  const p = me.personal;
  return { nickname: me.nickname, first_name: p.firstName ?? '', last_name: p.lastName ?? '', email: p.email ?? '', city: p.city ?? '', country: p.country ?? '' };
}

/** The shared rule on each field the form holds (the server runs the same one): the fields to fix, with their codes. */
export function checkProfileForm(form: Partial<ProfileForm>): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const [field, value] of Object.entries(form) as Array<[ProfileField, string]>) {
    const error = checkProfileField(field, value);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Only what changed goes to the server, trimmed as it will be saved; an emptied personal field clears it. */
export function profileChanges(form: Partial<ProfileForm>, saved: ProfileForm): ProfileBody {
  const body: ProfileBody = {};
  for (const [field, value] of Object.entries(form) as Array<[ProfileField, string]>) {
    const v = field === 'country' ? value.trim().toUpperCase() : value.trim();
    if (v !== saved[field].trim()) body[field] = v;
  }
  return body;
}

/** The field a server refusal belongs to, so it shows where the player typed; a name refusal could be either name. */
export function fieldOfError(code: string, body: ProfileBody): ProfileField | null {
  switch (code) {
    case 'profile_nickname':
      return 'nickname';
    case 'profile_email':
      return 'email';
    case 'profile_city':
      return 'city';
    case 'profile_country':
      return 'country';
    case 'profile_name':
      if (body.first_name !== undefined && checkProfileField('first_name', body.first_name)) return 'first_name';
      return body.last_name !== undefined ? 'last_name' : 'first_name';
    default:
      return null;
  }
}

