// Who may import what (ARCHITECTURE.md, STYLE.md 9.8), as import-x `no-restricted-paths` zones:
// the client's feature zones, the gateway's layers and module doors, the schema's kernel and
// products. Every zone names real folders; a new client feature or gateway module is covered
// by being a folder, a new product by one line in PRODUCTS.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = import.meta.dirname;

/** The kernel: modules every product may use, through their public doors only. */
export const KERNEL = ['auth', 'kyc', 'funds', 'ledger', 'trading', 'quotes'];
const foldersOf = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The products: every other module folder of schema/src/modules (ipo, intraday, credit, loans,
 * announcements, ...). Each uses the kernel's doors, never another product; a new module is
 * covered by being a folder.
 */
export const PRODUCTS = foldersOf('schema/src/modules').filter((name) => !KERNEL.includes(name));

// --- client: app > features > components, lib -------------------------------------------------
const FEATURES_MSG =
  'a feature never imports another feature: move what two share to client/src/components or ' +
  'client/src/lib, or compose them in client/src/app';
const clientZones = () => [
  ...foldersOf('client/src/features').map((feature) => ({
    target: `client/src/features/${feature}`,
    from: 'client/src/features',
    except: [`./${feature}`],
    message: FEATURES_MSG,
  })),
  {
    target: ['client/src/components', 'client/src/lib'],
    from: ['client/src/features', 'client/src/app'],
    message: 'components and lib are shared by every feature: they import no feature and no app',
  },
  {
    target: 'client/src/features',
    from: 'client/src/app',
    message: 'the app composes the features; a feature never imports the app',
  },
];

// --- gateway: root (app, main, calls) > modules, realtime > http > infra ----------------------
const GW = 'gateway/src';
const GW_ROOT = `${GW}/*.ts`;
const LAYER_MSG =
  'a lower gateway layer never imports a higher one (infra < http < modules, realtime < root)';
const DOOR_MSG = 'a gateway module imports another module only through its public.ts';
const gatewayModules = () => foldersOf(`${GW}/modules`);
const gatewayZones = () => [
  {
    target: `${GW}/infra`,
    from: [`${GW}/http`, `${GW}/realtime`, `${GW}/modules`],
    message: LAYER_MSG,
  },
  { target: `${GW}/http`, from: [`${GW}/realtime`, `${GW}/modules`], message: LAYER_MSG },
  {
    target: [`${GW}/infra`, `${GW}/http`, `${GW}/realtime`, `${GW}/modules`],
    from: GW_ROOT,
    message: LAYER_MSG,
  },
  ...gatewayModules().map((module) => ({
    target: `${GW}/modules/${module}`,
    from: `${GW}/modules/**`,
    except: [`${ROOT}/${GW}/modules/${module}/**`, `${ROOT}/${GW}/modules/*/public.ts`],
    message: DOOR_MSG,
  })),
  ...PRODUCTS.map((product) => ({
    target: `${GW}/modules/${product}`,
    from: PRODUCTS.filter((other) => other !== product).map((other) => `${GW}/modules/${other}/**`),
    message: 'a product never imports another product, not even its public.ts',
  })),
];

// --- schema: kernel < products; today's {domain,contracts,db}/<m> and tomorrow's modules/<m> ---
const S = 'schema/src';
const PLACES = ['domain', 'contracts', 'db', 'modules'];
const productFolders = (product) => PLACES.map((place) => `${S}/${place}/${product}`);
const productGlobs = (product) => [
  ...productFolders(product).map((folder) => `${folder}/**`),
  `${S}/db/reconcile-${product}*.ts`,
];
const NOT_PRODUCT = `!(${PRODUCTS.join('|')})`;
/** The kernel's own code (not the central lists, which list every module until item 1 derives them). */
const KERNEL_TARGETS = [
  `${S}/domain/${NOT_PRODUCT}/**`,
  `${S}/contracts/${NOT_PRODUCT}/**`,
  `${S}/contracts/realtime-events.ts`,
  `${S}/db/repositories/**`,
  `${S}/modules/{${KERNEL.join(',')}}/**`,
];
const schemaZones = ({ kernelToProduct }) => [
  ...PRODUCTS.map((product) => ({
    target: productFolders(product),
    from: PRODUCTS.filter((other) => other !== product).flatMap(productGlobs),
    message: 'a product never imports another product',
  })),
  ...PRODUCTS.map((product) => ({
    target: productFolders(product),
    from: `${S}/modules/{${KERNEL.join(',')}}/**`,
    except: [`${ROOT}/${S}/modules/*/public.ts`],
    message: 'a product imports a kernel module only through its public.ts, never its insides',
  })),
  ...(kernelToProduct
    ? [
        {
          target: KERNEL_TARGETS,
          from: PRODUCTS.flatMap(productGlobs),
          message: 'the kernel never imports a product: the product registers with the kernel',
        },
      ]
    : []),
];

/**
 * Kernel files that still import a product: the realtime events re-export two products' event
 * types for the client (`CreditAddedEvent`, `LoanMessageKind`). Like packwerk's package_todo.yml,
 * this list only shrinks (it held 5 files and 15 imports before the manifests derived the ledger's
 * kinds, the call map and the events, and trading's close hooks replaced its import of credit).
 */
export const SCHEMA_KERNEL_TODO = [`${S}/contracts/realtime-events.ts`];

const rule = (zones) => ({
  'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }],
});

/** The config blocks: every zone for client, gateway and schema sources (tests included). */
export function boundaries() {
  const zones = (kernelToProduct) => [
    ...clientZones(),
    ...gatewayZones(),
    ...schemaZones({ kernelToProduct }),
  ];
  return [
    { files: ['{client,gateway,schema}/src/**/*.{ts,tsx}'], rules: rule(zones(true)) },
    { files: SCHEMA_KERNEL_TODO, rules: rule(zones(false)) },
  ];
}
