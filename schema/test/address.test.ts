import { describe, expect, it } from 'vitest';
import { clinicAddressSchema, formatAddress, formatPostalCode, parseAddress } from '../src/address';

describe('clinic address (SPEC §5)', () => {
  it.each([
    '120 King St W, Toronto, ON M5H 1J9',
    '120 King St W, Toronto, Ontario M5H1J9',
    '120 King St W, Suite 4, Toronto, ON M5H 1J9, Canada',
    '800 Pike St, Seattle, WA 98101',
    '800 Pike St, Seattle, Washington 98101-1234, United States',
  ])('accepts %s', (address) => {
    expect(clinicAddressSchema.safeParse(address).success).toBe(true);
  });

  it.each([
    ['too few parts', 'Toronto, ON M5H 1J9'],
    ['short street', '12, Toronto, ON M5H 1J9'],
    ['short city', '120 King St, T, ON M5H 1J9'],
    ['bad postal code', '120 King St, Toronto, ON 12345'],
    ['US ZIP with a Canadian province code', '1 Main St, Springfield, ON 12345'],
    ['unknown state', '1 Main St, Springfield, ZZ 12345'],
    ['Canadian postal code with a US country', '120 King St, Toronto, ON M5H 1J9, United States'],
  ])('rejects %s', (_name, address) => {
    const result = clinicAddressSchema.safeParse(address);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message.startsWith('Please enter a valid address format. Examples:')).toBe(true);
  });

  it('reads province and postal code from the last part', () => {
    expect(parseAddress('120 King St W, Toronto, on m5h1j9')).toEqual({
      street: '120 King St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 1J9',
      country: 'CA',
    });
  });

  it('emits a string only when street, city, province and postal code are all filled', () => {
    expect(formatAddress({ street: '1 Main St', city: 'Toronto', province: 'ON', postalCode: '' })).toBe('');
    expect(formatAddress({ street: '1 Main St', city: 'Toronto', province: 'ON', postalCode: 'M5V 3A8' })).toBe(
      '1 Main St, Toronto, ON M5V 3A8',
    );
  });

  it('upper-cases postal codes and inserts the space once six characters are typed', () => {
    expect(formatPostalCode('m5v')).toBe('M5V');
    expect(formatPostalCode('m5v3a8')).toBe('M5V 3A8');
  });
});
