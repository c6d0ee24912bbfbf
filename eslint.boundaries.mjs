// Who may import what (ARCHITECTURE.md, STYLE.md 9.8), as import-x `no-restricted-paths` zones:
// the client's feature zones, the gateway's layers and module doors, the schema's three tiers
// (platform, kernel, products); and, as `no-restricted-imports`, the kernel's doors for the
// gateway's and workers' product folders. Every zone names real folders; a new client feature,
// gateway module, product or product job is covered by being a folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = import.meta.dirname;

/**
 * The platform: shared infrastructure any module, kernel or product, imports directly (paths under
 * schema/src). Money, the market's rules, calendars and instruments, the hold lifecycles, the
 * database's plumbing (connection, dialect, column types, write transactions and their
 * after-commit hooks, `advance`, idempotency, the inbox, the reconcile runner, the secret box
 * that seals secrets at rest), the wire's shared answers, fields, errors, queues and socket events,
 * the module manifests' builders, and the test helpers. Everything else outside a product's
 * folder is a kernel module's (or a central list derived from MODULES), and a product reaches it
 * only through a door.
 */
export const PLATFORM = [
  'domain/money/**',
  'domain/market/**',
  'domain/holds/**',
  'domain/lottery/**',
  'domain/ids.ts',
  'contracts/errors.ts',
  'contracts/msg-keys.ts',
  'contracts/runtime.ts',
  'contracts/test-clock.ts',
  'contracts/channels.ts',
  'contracts/queues.ts',
  'contracts/realtime-events.ts',
  'contracts/wire-money.ts',
  'contracts/beacon.ts',
  'contracts/http/answers.ts',
  'contracts/http/fields.ts',
  'contracts/http/lottery-proof.dto.ts',
  'db/create-db.ts',
  'db/dialect.ts',
  'db/column-types.ts',
  'db/after-commit.ts',
  'db/write-transaction.ts',
  'db/advance.ts',
  'db/db-errors.ts',
  'db/account-event-outbox.ts',
  'db/reconcile.ts',
  'db/secret-box.ts',
  'db/repositories/idempotency.store.ts',
  'db/repositories/inbox.store.ts',
  'modules/define-module.ts',
  'modules/define-wiring.ts',
  'testing/**',
];

/**
 * The kernel: modules every product may use, through their doors only
 * (schema/src/modules/<k>/public.ts, and its pure face public.pure.ts where it has one).
 */
export const KERNEL = ['auth', 'kyc', 'funds', 'ledger', 'trading', 'quotes', 'backoffice'];
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
  {
    target: 'client/src/backoffice',
    from: ['client/src/features', 'client/src/app'],
    message: 'the back office is its own entry: it shares only client/src/lib and components',
  },
  {
    target: ['client/src/app', 'client/src/features', 'client/src/components', 'client/src/lib'],
    from: 'client/src/backoffice',
    message: 'the app never imports the back office (its own entry, /admin/)',
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
const KERNEL_DIRS = `${S}/modules/{${KERNEL.join(',')}}`;
/** What a product may import of the schema besides itself: the platform and the kernel's doors. */
const PRODUCT_MAY_IMPORT = [
  `${ROOT}/${S}/{${PLATFORM.join(',')}}`, // one glob: a zone's exceptions must all be globs
  `${ROOT}/${KERNEL_DIRS}/public.ts`,
  `${ROOT}/${KERNEL_DIRS}/public.pure.ts`,
];
const schemaZones = ({ kernelToProduct }) => [
  ...PRODUCTS.map((product) => ({
    target: productFolders(product),
    from: PRODUCTS.filter((other) => other !== product).flatMap(productGlobs),
    message: 'a product never imports another product',
  })),
  // Default deny: every schema file that is not the product's own, another product's (the zone
  // above), the platform's or a kernel door is a kernel module's insides or a central list.
  ...PRODUCTS.map((product) => ({
    target: productFolders(product),
    from: `${S}/**`,
    except: [
      ...PRODUCTS.flatMap(productGlobs).map((glob) => `${ROOT}/${glob}`),
      ...PRODUCT_MAY_IMPORT,
    ],
    message:
      'a product imports a kernel module only through its public.ts, never its insides ' +
      '(or the platform: PLATFORM in eslint.boundaries.mjs)',
  })),
  ...PRODUCTS.map((product) => ({
    target: `${S}/modules/${product}/domain`,
    from: `${KERNEL_DIRS}/public.ts`,
    message:
      "a product's domain is pure: it takes a kernel door's pure face (public.pure.ts), " +
      'never the door with its database code',
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

// --- gateway and workers: a product's folder takes kernel code only through a door ------------
const isPlatform = (path) =>
  PLATFORM.some((entry) =>
    entry.endsWith('/**') ? path.startsWith(entry.slice(0, -2)) : path === entry,
  );
const filesUnder = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /(?<!\.test)\.ts$/.test(entry.name))
    .map((entry) => relative(join(ROOT, S), join(entry.parentPath, entry.name)));
const DECLARED =
  /^export (?:declare )?(?:async )?(?:abstract )?(?:function\*?|const|let|class|type|interface|enum) ([\w$]+)/gm;
const declaredNames = (path) =>
  [...readFileSync(join(ROOT, S, path), 'utf8').matchAll(DECLARED)].map((match) => match[1]);
/**
 * What the kernel's files (and the central lists) declare: every exported name of schema/src's
 * domain, contracts and db that is not the platform's. The broad barrels (`@kabuto/schema/db`,
 * `/contracts`, `/domain`) mix these with the platform's; a product folder takes them from a door.
 */
function kernelNames() {
  const paths = ['domain', 'contracts', 'db']
    .flatMap((place) => filesUnder(`${S}/${place}`))
    .filter((path) => !path.startsWith('db/migrations/'));
  const platform = new Set(paths.filter(isPlatform).flatMap(declaredNames));
  const kernel = paths.filter((path) => !isPlatform(path)).flatMap(declaredNames);
  return [...new Set(kernel)].filter((name) => !platform.has(name)).sort();
}
/** A workers job folder is a product's when its JobModule is named after the product. */
const productJobs = () =>
  foldersOf('workers/src/jobs').filter((job) => PRODUCTS.includes(productOfJob(job)));
const gatewayProducts = () => PRODUCTS.filter((product) => gatewayModules().includes(product));
/** The product a workers job folder belongs to (its JobModule's name). */
const productOfJob = (job) =>
  /^\s+name: '([\w-]+)'/m.exec(
    readFileSync(join(ROOT, 'workers/src/jobs', job, 'index.ts'), 'utf8'),
  )?.[1];
/** The gateway's and workers' product folders: the files `doorImports` applies to. */
export const PRODUCT_FOLDERS = {
  gateway: gatewayProducts().map((product) => ({ product, files: `${GW}/modules/${product}/**` })),
  workers: productJobs().map((job) => ({
    product: productOfJob(job),
    files: `workers/src/jobs/${job}/**`,
  })),
};
/** What a product's gateway or workers folder may not import of another product's schema code. */
export const otherProducts = (product) => [
  {
    group: PRODUCTS.filter((other) => other !== product).flatMap((other) => [
      `@kabuto/schema/${other}`,
      `@kabuto/schema/modules/${other}`,
      `@kabuto/schema/modules/${other}/**`,
    ]),
    message: 'a product never imports another product: move what two share to the platform',
  },
];
const DOORS = KERNEL.map((k) => `@kabuto/schema/modules/${k}`).join(', ');
const DOOR_IMPORT_MSG = `a product takes kernel code only through a door (${DOORS})`;
/** `no-restricted-imports` options for a product folder of the gateway or the workers. */
export function doorImports(patterns) {
  const importNames = kernelNames();
  return {
    paths: ['@kabuto/schema/db', '@kabuto/schema/contracts', '@kabuto/schema/domain'].map(
      (name) => ({ name, importNames, message: `${DOOR_IMPORT_MSG}, not the barrel` }),
    ),
    patterns: [
      ...patterns,
      {
        group: ['@kabuto/schema/trading', '@kabuto/schema/funds', '@kabuto/schema/src/**'],
        message: `${DOOR_IMPORT_MSG}, not a kernel barrel or a source path`,
      },
      {
        group: KERNEL.map((k) => `@kabuto/schema/modules/${k}/**`),
        message: `${DOOR_IMPORT_MSG}, never a kernel module's insides`,
      },
    ],
  };
}

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
