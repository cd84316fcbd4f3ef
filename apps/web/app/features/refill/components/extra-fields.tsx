import type { MethodData } from '../api/get-payment-country.ts';
import { useT } from '#app/lib/use-t.ts';

/** The extra fields a method asks for (e-mail, phone, names, document), with their errors. */
export function ExtraFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: MethodData['extraFields'];
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
  onChange: (field: string, value: string) => void;
}) {
  const t = useT();
  if (!fields.length) return null;
  return (
    <div className="extra-fields">
      {fields.map((f) => (
        <label key={f.field} className="field">
          <span className="field__label">{t(f.label)}</span>
          {f.options ? (
            <select value={values[f.field] ?? f.default ?? ''} onChange={(e) => onChange(f.field, e.target.value)} data-testid={`field-${f.field}`}>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.name}
                </option>
              ))}
            </select>
          ) : (
            <input
              type={f.field === 'email' ? 'email' : f.field === 'phone' ? 'tel' : 'text'}
              value={values[f.field] ?? ''}
              onChange={(e) => onChange(f.field, e.target.value)}
              aria-invalid={!!errors[f.field]}
              data-testid={`field-${f.field}`}
              maxLength={100}
            />
          )}
          {errors[f.field] && <span className="form-error">{t(`refill.errors.${errors[f.field]}`)}</span>}
        </label>
      ))}
    </div>
  );
}
