// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export {
  type KeptCatalogue,
  type ProductJson,
  keepCatalogue,
  listBundlesInActivity,
  productsByInfluencer,
} from './catalogue.service.ts';
export { toSpecJson } from './product-json.ts';
