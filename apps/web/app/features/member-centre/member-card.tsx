import type { MemberProfile } from '../../api/members.ts';
import { UserIcon } from '../../components/icons.tsx';
import { imageUrl } from '../../lib/image-url.ts';
import { memberLevelClass } from '../auth/session.ts';

/** spec §2: avatar, name, level name (and its picture) with the level's style class. */
export function MemberCard({ member }: { member: MemberProfile }) {
  const level = member.member_level;
  const avatar = imageUrl(member.avatar);
  const levelPic = imageUrl(level?.pic);
  return (
    <div className={`member-card ${level ? memberLevelClass(level.name, level.style_class) : ''}`}>
      {avatar ? (
        <img className="member-card__avatar" src={avatar} alt="" width={72} height={72} />
      ) : (
        <span className="member-card__avatar member-card__avatar--blank" aria-hidden="true">
          <UserIcon size={34} />
        </span>
      )}
      <div className="member-card__text">
        <p className="member-card__name">{member.name || '會員'}</p>
        {level ? (
          <p className="member-card__level">
            {levelPic ? <img src={levelPic} alt="" width={20} height={20} /> : null}
            {level.name}
          </p>
        ) : null}
      </div>
    </div>
  );
}
