import { z } from 'zod';

/** `GET /api/ApplicationInfo/GetApplicationInfo`, chosen by the request's host name. */
export const ApplicationInfoSchema = z.object({
  webName: z.string(),
  webSlogan: z.string(),
  webKeyword: z.string(),
  webDescription: z.string(),
  favicon: z.string(),
  domainName: z.string(),
  footerSystemName: z.string(),
  filingNumber: z.string(),
});
export type ApplicationInfo = z.infer<typeof ApplicationInfoSchema>;

export interface ApplicationMenuItem {
  path: string;
  /** Route name: the web app's route table and translation key use it. */
  name: string;
  /** The menu title in the caller's language. */
  title: string;
  menuCode: string;
  icon: string | null;
  authority: string | string[] | null;
  children: ApplicationMenuItem[];
}
export const ApplicationMenuItemSchema: z.ZodType<ApplicationMenuItem> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    title: z.string(),
    menuCode: z.string(),
    icon: z.string().nullable(),
    authority: z.union([z.string(), z.array(z.string())]).nullable(),
    children: z.array(ApplicationMenuItemSchema),
  }),
);

/** `GET /api/Common/GetBaseConfig`: constants the web app reads instead of hard-coding. */
export const BaseConfigSchema = z.object({
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  pageSizeOptions: z.array(z.number().int()),
  defaultPageSize: z.number().int(),
  weightMaxLength: z.number().int(),
  uploadMaxBytes: z.number().int(),
  uploadMimeTypes: z.array(z.string()),
  currencies: z.array(z.string()),
  serverTime: z.string(),
  timeZone: z.string(),
});
export type BaseConfig = z.infer<typeof BaseConfigSchema>;

/** Shape of `/versionUser.json`, written at build time and polled by the portal on navigation. */
export const VersionFileSchema = z.object({ version: z.string(), buildTime: z.string() });
export type VersionFile = z.infer<typeof VersionFileSchema>;
