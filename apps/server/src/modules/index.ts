import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from './module-options.ts';
import { adminRoutes } from './admin/routes.ts';
import { cartRoutes } from './carts/routes.ts';
import { cartReminderSweep } from './cart-reminders/index.ts';
import { adminCatalogueRoutes } from './admin-catalogue/routes.ts';
import { adminContactRoutes } from './admin-contact/routes.ts';
import { adminContentRoutes } from './admin-content/routes.ts';
import { adminCouponRoutes } from './coupons/routes.ts';
import { adminDashboardRoutes } from './admin-dashboard/routes.ts';
import { adminJobRoutes } from './admin-jobs/routes.ts';
import { adminMemberRoutes } from './admin-members/routes.ts';
import { adminOrderRoutes } from './admin-orders/routes.ts';
import { adminReportRoutes } from './admin-reports/routes.ts';
import { adminSettingsRoutes } from './admin-settings/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { courseRoutes } from './courses/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { logisticsRoutes } from './logistics/routes.ts';
import { shipmentRoutes } from './logistics/shipments.routes.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { notificationRoutes } from './notifications/index.ts';
import { lineRoutes } from './line/index.ts';
import { influencerRoutes } from './influencers/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { reviewRoutes } from './reviews/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { memberRoutes } from './members/routes.ts';
import { restockAlertRoutes } from './restock-alerts/index.ts';
import { settingsRoutes } from './settings/routes.ts';
import { wishlistRoutes } from './wishlists/routes.ts';

export type { ModuleOptions } from './module-options.ts';

/** Every API module, mounted under /api/v1. Each module owns its routes, service and tables. */
export const registerModules: FastifyPluginAsync<ModuleOptions> = async (
  app,
  { db, config, now, cache, shared, catalogue },
) => {
  const options: ModuleOptions = { db, config, now, cache, shared, catalogue }; // without the parent's prefix
  await app.register(catalogueRoutes, options);
  await app.register(settingsRoutes, options);
  await app.register(contentRoutes, options);
  await app.register(courseRoutes, options);
  await app.register(contactRoutes, options);
  await app.register(paymentRoutes, options);
  await app.register(logisticsRoutes, options);
  await app.register(cartRoutes, options);
  await app.register(influencerRoutes, options);
  await app.register(orderRoutes, options);
  await app.register(uploadRoutes, options);
  await app.register(memberRoutes, options);
  await app.register(adminRoutes, options);
  await app.register(adminOrderRoutes, options);
  await app.register(shipmentRoutes, options);
  await app.register(adminMemberRoutes, options);
  await app.register(adminContactRoutes, options);
  await app.register(adminDashboardRoutes, options);
  await app.register(adminReportRoutes, options);
  await app.register(adminCatalogueRoutes, options);
  await app.register(adminContentRoutes, options);
  await app.register(adminSettingsRoutes, options);
  await app.register(adminCouponRoutes, options);
  await app.register(adminJobRoutes, options);
  await app.register(invoiceRoutes, options);
  await app.register(notificationRoutes, options);
  await app.register(lineRoutes, options);
  await app.register(restockAlertRoutes, options);
  await app.register(cartReminderSweep, options);
  await app.register(reviewRoutes, options);
  await app.register(wishlistRoutes, options);
};
