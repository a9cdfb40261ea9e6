from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0006_game_revision"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="points_only",
            field=models.BooleanField(default=False, verbose_name="points only"),
        ),
        migrations.AddField(
            model_name="historicalgame",
            name="points_only",
            field=models.BooleanField(default=False, verbose_name="points only"),
        ),
        migrations.AlterField(
            model_name="gameseat",
            name="score",
            field=models.IntegerField(blank=True, null=True, verbose_name="score"),
        ),
    ]
