import {
  CANADIAN_POSTAL_CODE,
  formatAddress,
  formatPostalCode,
  type ParsedAddress,
  POSTAL_CODE_MESSAGE,
  parseAddress,
  US_ZIP_CODE,
  ZIP_CODE_MESSAGE,
} from '@vetconsult/schema/address';
import { COUNTRIES, type CountryCode, DEFAULT_COUNTRY, PROVINCES, STATES } from '@vetconsult/schema/values';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldError, SelectField, TextField } from './form-field';

// The structured address control of SPEC §2: street, city, province/state, postal code, country.
// It emits 'street, city, PROV postal' once the four parts are filled ('' before), and reads an
// incoming string with the shared parser.

const EMPTY: ParsedAddress = { street: '', city: '', province: '', postalCode: '', country: DEFAULT_COUNTRY };

function fromValue(value: string): ParsedAddress {
  return (value && parseAddress(value)) || EMPTY;
}

export interface AddressInputProps {
  legend: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** The form's error for the whole address (e.g. required). */
  error?: string;
}

export function AddressInput({ legend, value, onChange, onBlur, error }: AddressInputProps) {
  const id = useId();
  const [address, setAddress] = useState<ParsedAddress>(() => fromValue(value));
  const [postalTouched, setPostalTouched] = useState(false);
  const lastEmitted = useRef(formatAddress(address));

  // A value set from outside (form reset, profile load) replaces the fields.
  useEffect(() => {
    if (value === lastEmitted.current) return;
    lastEmitted.current = value;
    setAddress(fromValue(value));
    setPostalTouched(false);
  }, [value]);

  const update = (patch: Partial<ParsedAddress>) => {
    const next = { ...address, ...patch };
    setAddress(next);
    const emitted = formatAddress(next);
    if (emitted !== lastEmitted.current) {
      lastEmitted.current = emitted;
      onChange(emitted);
    }
  };

  const canadian = address.country === 'CA';
  const regions = canadian ? PROVINCES : STATES;
  const postalValid = canadian ? CANADIAN_POSTAL_CODE.test(address.postalCode) : US_ZIP_CODE.test(address.postalCode);
  const postalError =
    postalTouched && address.postalCode && !postalValid
      ? canadian
        ? POSTAL_CODE_MESSAGE
        : ZIP_CODE_MESSAGE
      : undefined;

  return (
    <fieldset
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <TextField
        label="Street Address"
        autoComplete="street-address"
        value={address.street}
        onChange={(e) => update({ street: e.target.value })}
        onBlur={onBlur}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="City"
          autoComplete="address-level2"
          value={address.city}
          onChange={(e) => update({ city: e.target.value })}
          onBlur={onBlur}
        />
        <SelectField
          label={canadian ? 'Province' : 'State'}
          autoComplete="address-level1"
          value={address.province}
          onChange={(e) => update({ province: e.target.value })}
          onBlur={onBlur}
        >
          <option value="">{canadian ? 'Select province' : 'Select state'}</option>
          {regions.map((region) => (
            <option key={region.code} value={region.code}>
              {region.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={canadian ? 'Postal Code' : 'ZIP Code'}
          autoComplete="postal-code"
          placeholder={canadian ? 'M5V 3A8' : '10001'}
          value={address.postalCode}
          maxLength={canadian ? 7 : 10}
          onChange={(e) => update({ postalCode: canadian ? formatPostalCode(e.target.value) : e.target.value })}
          onBlur={() => {
            setPostalTouched(true);
            onBlur?.();
          }}
          error={postalError}
        />
        <SelectField
          label="Country"
          autoComplete="country"
          value={address.country}
          onChange={(e) => {
            const country = e.target.value as CountryCode;
            const stillValid = (country === 'CA' ? PROVINCES : STATES).some((r) => r.code === address.province);
            update({ country, province: stillValid ? address.province : '' });
          }}
        >
          {COUNTRIES.map((country) => (
            <option key={country.value} value={country.value}>
              {country.label}
            </option>
          ))}
        </SelectField>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
