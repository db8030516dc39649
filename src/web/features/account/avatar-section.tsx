import { useRef } from "react";
import type { AppUser } from "../../../shared/contracts/me";
import { avatarMimeTypes } from "../../../shared/profile";
import { Button } from "../../components/ui/button";
import { Progress } from "../../components/ui/progress";
import { AvatarImage } from "./avatar-image";
import { useAvatarMutations } from "./use-account-mutations";

/** The profile photo with Change and Remove, and the upload's progress. */
export function AvatarSection({ user, onChanged }: { user: AppUser; onChanged: () => Promise<unknown> }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { progress, upload, remove } = useAvatarMutations(onChanged);
  return (
    <div className="flex items-center gap-4">
      <AvatarImage user={user} className="size-16 text-lg" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={progress !== null} onClick={() => inputRef.current?.click()}>
            Change photo
          </Button>
          {user.avatarUrl && (
            <Button type="button" variant="ghost" size="sm" disabled={progress !== null} onClick={remove}>
              Remove photo
            </Button>
          )}
        </div>
        <input
          ref={inputRef}
          type="file"
          aria-label="Profile photo"
          accept={avatarMimeTypes.join(",")}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) upload(file);
          }}
        />
        {progress !== null && <Progress value={progress} aria-label="Uploading photo" valueText={`${progress}%`} />}
        <p className="text-xs text-muted-foreground">PNG, JPG or WEBP, up to 2MB.</p>
      </div>
    </div>
  );
}
