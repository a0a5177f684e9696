// The page a reset link opens (/reset-password?token=…): a new password, sent with the link's
// token to POST /auth/reset-password, which signs the customer in.
import { api, session } from "./api.js"
import { updateAccountLink } from "./account-view.js"
import { attempt, formValues, h, render, showStatus } from "./dom.js"

/** The shop's own address with the page's ?api=&key= but without the token. */
const shopLink = (hash) => {
  const search = new URLSearchParams(location.search)
  search.delete("token")
  const text = search.toString()
  return `/${text === "" ? "" : `?${text}`}${hash}`
}

export const showResetPassword = (token) => {
  if (!token) {
    render(h("section", { class: "panel", id: "reset-password" }, h("h1", {}, "Reset your password"), h("p", {}, "This link has no reset token. Ask for a new link from the sign-in page."), h("a", { href: shopLink("#/account") }, "Sign in")))
    return
  }
  const form = h(
    "form",
    {
      class: "panel",
      id: "reset-password",
      onsubmit: attempt(async (event) => {
        const { newPassword, repeated } = formValues(event.target)
        if (newPassword !== repeated) {
          showStatus("The two passwords differ", "error")
          return
        }
        const result = await api.post("/auth/reset-password", { newPassword, token })
        session.tokens = result.tokens
        updateAccountLink()
        render(h("section", { class: "panel", id: "reset-done" }, h("h1", {}, "Your password is changed"), h("p", {}, "You are signed in; every other session was signed out."), h("a", { href: shopLink("#/account") }, "My account")))
      })
    },
    h("h1", {}, "Reset your password"),
    h("label", {}, h("span", {}, "New password"), h("input", { name: "newPassword", type: "password", minlength: "8", required: true, autocomplete: "new-password" })),
    h("label", {}, h("span", {}, "Repeat it"), h("input", { name: "repeated", type: "password", minlength: "8", required: true, autocomplete: "new-password" })),
    h("button", { type: "submit" }, "Set the password")
  )
  render(form)
}
