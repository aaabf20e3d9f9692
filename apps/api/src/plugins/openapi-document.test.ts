import { describe, expect, it } from 'vitest';
import { operationIdOf, tidyDocument } from './openapi-document.js';

describe('operationIdOf', () => {
  it('names an operation after its path, stably', () => {
    expect(operationIdOf('POST', '/v1/invoice/create')).toBe('invoice.create');
    expect(operationIdOf('POST', '/v1/invoice/create-balance-invoice')).toBe('invoice.createBalanceInvoice');
    expect(operationIdOf('GET', '/v1/invoice/read/:invoice_id')).toBe('invoice.read.byInvoiceId');
    expect(operationIdOf('GET', '/v1/invoice/read/{invoice_id}')).toBe('invoice.read.byInvoiceId');
    expect(operationIdOf('GET', '/v1/admin/invoices.csv')).toBe('admin.invoicesCsv');
    expect(operationIdOf('PUT', '/v1/admin/faqs/:id')).toBe('admin.faqs.byId.put');
    expect(operationIdOf('DELETE', '/v1/user/delete-whitelist-ip/:id')).toBe('user.deleteWhitelistIp.byId');
  });
});

describe('tidyDocument', () => {
  const document = () => ({
    paths: {
      '/v1/staff': {
        get: {
          operationId: 'staff',
          responses: {
            200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Staff' } } } },
          },
        },
        post: {
          operationId: 'staff',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    username: { type: 'string' },
                    count: { type: 'integer', minimum: -9007199254740991 },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Staff: {
          type: 'object',
          properties: { owner: { nullable: true, allOf: [{ $ref: '#/components/schemas/Person' }] } },
        },
        Person: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
        StaffInput: { type: 'object' },
      },
    },
  });

  it('keeps ids unique, drops unreferenced schemas, types nullable references and adds examples', () => {
    const tidy = tidyDocument(document()) as ReturnType<typeof document>;
    const staff = tidy.paths['/v1/staff'];
    expect([staff.get.operationId, staff.post.operationId]).toEqual(['staff', 'staff.post']);
    expect(Object.keys(tidy.components.schemas).sort()).toEqual(['Person', 'Staff']);
    expect(tidy.components.schemas.Staff.properties.owner).toMatchObject({ type: 'object', nullable: true });
    const body = staff.post.requestBody.content['application/json'] as { example?: unknown };
    expect(body.example).toEqual({ username: 'alice', count: 1 });
  });
});
