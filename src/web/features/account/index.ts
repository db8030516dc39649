// What other features use of the account: the avatar beside the user menu, and the /app/account page the app's pages load.
export { AccountPage } from "./account-page";
export { AvatarImage } from "./avatar-image";
