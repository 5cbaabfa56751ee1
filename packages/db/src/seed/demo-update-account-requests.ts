import type { NewUpdateAccountRequest } from '../schema/index.ts';

export interface DemoUpdateAccountRequest extends Required<
  Pick<NewUpdateAccountRequest, 'id' | 'kind' | 'status' | 'requestedAt' | 'resolvedAt'>
> {
  accountNumber: string;
}

export const demoUpdateAccountRequests: readonly DemoUpdateAccountRequest[] = [
  {
    // a request under review: this customer's overdue re-confirmation is not asked for
    id: '30000000-0000-4000-8000-000000000001',
    accountNumber: '1000009',
    kind: 'ADDRESS',
    status: 'PENDING',
    requestedAt: new Date('2026-11-16T10:20:00+09:00'),
    resolvedAt: null,
  },
  {
    // finished long ago: a resolved request must not hold back the re-confirmation
    id: '30000000-0000-4000-8000-000000000002',
    accountNumber: '1000008',
    kind: 'ADDRESS',
    status: 'COMPLETED',
    requestedAt: new Date('2025-06-10T14:05:00+09:00'),
    resolvedAt: new Date('2025-06-13T11:30:00+09:00'),
  },
];
