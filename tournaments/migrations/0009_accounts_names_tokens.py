
import django.db.models.deletion
import tournaments.names
from django.conf import settings
from django.db import migrations, models


def refuse_usernames_differing_only_in_case(apps, schema_editor):
    """Usernames become unique whatever their case: name the clashes to settle first."""
    User = apps.get_model("auth", "User")
    seen: dict[str, str] = {}
    clashes = []
    for username in User.objects.values_list("username", flat=True).order_by("pk"):
        key = username.lower()
        if key in seen:
            clashes.append(f"{seen[key]!r} and {username!r}")
        seen.setdefault(key, username)
    if clashes:
        raise RuntimeError("usernames must differ in more than case; rename one of each pair, then migrate: "
                           + ", ".join(clashes))


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0008_rating_leaderboard_index'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(refuse_usernames_differing_only_in_case, migrations.RunPython.noop),
        migrations.RunSQL("CREATE UNIQUE INDEX auth_user_username_any_case ON auth_user (LOWER(username))",
                          "DROP INDEX auth_user_username_any_case"),
        migrations.AlterField(
            model_name='club',
            name='name',
            field=tournaments.names.NameField(max_length=100),
        ),
        migrations.AlterField(
            model_name='player',
            name='name',
            field=tournaments.names.NameField(max_length=100),
        ),
        migrations.CreateModel(
            name='ApiToken',
            fields=[
                ('digest', models.CharField(max_length=128, primary_key=True, serialize=False)),
                ('token_key', models.CharField(db_index=True, max_length=25)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('expiry', models.DateTimeField(blank=True, null=True)),
                ('name', models.CharField(blank=True, default='', max_length=100)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='auth_token_set', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-created'],
            },
        ),
    ]
