import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { productsWiring } from '@kabuto/schema/modules/products/wiring.ts';
import {
  adminProductList,
  createProduct,
  moveProduct,
  updateProduct,
} from './product-admin.service.ts';

export const adminProductListCall = defineAdminCall({
  power: 'see',
  ...contractOf(productsWiring.adminCalls, 'product/list'),
  summary: 'Every product, drafts included, with its book (units, cash) and holders',
  async handle({ deps }) {
    return { msg: 'ok', data: await adminProductList(deps) };
  },
});

export const adminProductCreateCall = defineAdminCall({
  power: 'listings',
  ...contractOf(productsWiring.adminCalls, 'product/create'),
  summary:
    'Creates a product as a draft: a strategy on one market’s stocks, a whole minimum, a future deadline, lock-up days, fee; audited. No call sets a NAV or a balance',
  async handle({ input, admin, deps }) {
    return { msg: 'add_ok', data: await createProduct(deps, admin, input) };
  },
});

export const adminProductUpdateCall = defineAdminCall({
  power: 'listings',
  ...contractOf(productsWiring.adminCalls, 'product/update'),
  summary: 'Edits a draft’s terms (product_unavailable once open); audited',
  async handle({ input, admin, deps }) {
    return { msg: 'modify_ok', data: await updateProduct(deps, admin, input) };
  },
});

export const adminProductOpenCall = defineAdminCall({
  power: 'listings',
  ...contractOf(productsWiring.adminCalls, 'product/open'),
  summary: 'Opens a draft for follows (product_unavailable if not a draft); audited',
  async handle({ input, admin, deps }) {
    const data = await moveProduct(deps, admin, input.id, {
      ...{ from: 'draft', to: 'open', action: 'product_open' },
    });
    return { msg: 'ok', data };
  },
});

export const adminProductCloseCall = defineAdminCall({
  power: 'listings',
  ...contractOf(productsWiring.adminCalls, 'product/close'),
  summary:
    'Closes a product to new follows (holders keep their units and redeem as usual; product_unavailable if not open); audited',
  async handle({ input, admin, deps }) {
    const data = await moveProduct(deps, admin, input.id, {
      ...{ from: 'open', to: 'closed', action: 'product_close' },
    });
    return { msg: 'ok', data };
  },
});

export const PRODUCT_ADMIN_CALLS: readonly CallDefinition[] = [
  adminProductListCall,
  adminProductCreateCall,
  adminProductUpdateCall,
  adminProductOpenCall,
  adminProductCloseCall,
];
