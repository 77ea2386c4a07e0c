import type { Chrome } from "./chrome";
import { SiteLink } from "./links";

/** The site footer from the customization: link groups, social accounts, copyright, the privacy policy. Nothing at all when it has none of them. */
export function SiteFooter({ chrome }: { chrome: Chrome }) {
  const { site, labels, settings } = chrome;
  const newTab = settings.externalLinksInNewTab;
  const privacyPolicy = settings.privacyPolicyUrl ? { title: labels.privacyPolicy, href: settings.privacyPolicyUrl, external: true } : undefined;
  if (site.footerGroups.length === 0 && site.socialLinks.length === 0 && !site.footerCopyright && !privacyPolicy) return null;
  return (
    <footer class="site-footer">
      <div class="footer-inner">
        {site.footerGroups.length > 0 && (
          <div class="footer-groups">
            {site.footerGroups.map((group) => (
              <div class="footer-group">
                <h2 class="footer-group-title">{group.title}</h2>
                <ul>
                  {group.links.map((link) => (
                    <li>
                      <SiteLink link={link} newTab={newTab} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        <div class="footer-bottom">
          {site.socialLinks.length > 0 && (
            <ul class="social-links" aria-label={labels.socialLinks}>
              {site.socialLinks.map((link) => (
                <li>
                  <SiteLink link={link} newTab={newTab} class={`social-link social-${link.platform.replace(/[^a-z0-9-]/gi, "")}`} />
                </li>
              ))}
            </ul>
          )}
          {(site.footerCopyright || privacyPolicy) && (
            <p class="footer-copyright">
              {site.footerCopyright}
              {site.footerCopyright && privacyPolicy && " · "}
              {privacyPolicy && <SiteLink link={privacyPolicy} newTab={newTab} />}
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}
