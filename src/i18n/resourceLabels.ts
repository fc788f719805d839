// Menu, breadcrumb and page titles come from each Refine resource's meta.label; they are
// translated here by key (`resources.<name>.title`), with the English label as the default.
import type { I18nProvider, ResourceProps } from "@refinedev/core";

import { resourceKey } from "./resourceKeys";

export function translatedResources(resources: ResourceProps[], translate: I18nProvider["translate"]): ResourceProps[] {
  return resources.map((resource) => {
    const label = resource.meta?.label;
    if (typeof label !== "string") return resource;
    return { ...resource, meta: { ...resource.meta, label: translate(resourceKey.title(resource.name), label) } };
  });
}
