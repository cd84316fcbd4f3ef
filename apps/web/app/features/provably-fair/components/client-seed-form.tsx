import { useState, type FormEvent } from 'react';
import { errorMessage } from '@store/shared/errors';
import { checkClientSeed } from '@store/shared/provably-fair';
import { useAlert } from '#app/components/alerts.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import { useSetClientSeed } from '../api/set-client-seed.ts';
import { useT } from '#app/lib/use-t.ts';

/** 16 random hex characters, like the seed a new player gets. */
function randomClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The client seed with its edit field: checked in the browser by the shared rule, then by the server. */
export function ClientSeedForm({ current }: { current: string }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const save = useSetClientSeed();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const seed = value.trim();
    const invalid = checkClientSeed(seed);
    if (invalid) return setError(errorMessage(invalid, lang));
    setError(null);
    save.mutate(seed, {
      onSuccess: (res) => {
        setValue(res.current.clientSeed);
        alert.success(t('pf.settings.saved'));
      },
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form className="field" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor="pf-client-seed">
        {t('pf.settings.clientSeed')}
      </label>
      <span className="pf-seed-form">
        <input
          id="pf-client-seed"
          value={value}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          aria-invalid={!!error}
          aria-describedby="pf-client-seed-hint"
          data-testid="pf-client-seed-input"
        />
        <button
          type="button"
          className="btn btn--secondary btn--m"
          onClick={() => setValue(randomClientSeed())}
          data-testid="pf-client-seed-random"
        >
          {t('pf.settings.random')}
        </button>
        <button
          type="submit"
          className="btn btn--primary btn--m"
          disabled={save.isPending || value.trim() === current}
          data-testid="pf-client-seed-save"
        >
          {t('pf.settings.save')}
        </button>
      </span>
      {error ? (
        <span className="form-error" role="alert" data-testid="pf-client-seed-error">
          {error}
        </span>
      ) : (
        <span className="muted pf-hint" id="pf-client-seed-hint">
          {t('pf.settings.clientSeedHint')}
        </span>
      )}
    </form>
  );
}
