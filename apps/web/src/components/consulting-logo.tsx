/**
 * The consulting firm's logo: an original drawing that fills the footer's 200×60 box exactly.
 * A picture file (public/consulting-logo.svg), not code: the login page's script stays lighter
 * (issues 23 and 24's 100 KB) and the browser caches it like any image. The link around it
 * names the firm.
 */
export function ConsultingLogo() {
  return (
    <img className="consulting-logo" src="/consulting-logo.svg" width={200} height={60} alt="" />
  )
}
