// A small HTTP client with a cookie jar, speaking to the test server like a browser would.

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.cookies.size) (init.headers as Record<string, string>).cookie = this.cookieHeader;
    if (body instanceof FormData) {
      init.body = body;
    } else if (typeof body === 'string') {
      init.body = body;
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(this.baseUrl + path, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** A GraphQL operation over HTTP; returns the whole { data, errors } body. */
  async gql<T = any>(query: string, variables?: Record<string, unknown>) {
    const response = await this.post<{
      data?: T;
      errors?: Array<{ message: string; extensions?: Record<string, any> }>;
    }>('/graphql', { query, variables });
    return response.body;
  }
}
